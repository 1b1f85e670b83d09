// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title Portico Test Token (PTT)
/// @notice A minimal ERC-20 for the local development chain: the standard interface
/// (EIP-20) and nothing else, so that a reviewer can read all of it. No owner, no
/// minting after deployment, no hooks. Not for production use.
contract PorticoTestToken {
    string public constant name = "Portico Test Token";
    string public constant symbol = "PTT";
    uint8 public constant decimals = 18;

    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    /// @param holders Accounts that receive `amountEach` tokens at deployment.
    /// @param amountEach Amount in the smallest unit (18 decimals).
    constructor(address[] memory holders, uint256 amountEach) {
        for (uint256 i = 0; i < holders.length; i++) {
            require(holders[i] != address(0), "ERC20: mint to the zero address");
            balanceOf[holders[i]] += amountEach;
            totalSupply += amountEach;
            emit Transfer(address(0), holders[i], amountEach);
        }
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        require(spender != address(0), "ERC20: approve to the zero address");
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            require(allowed >= value, "ERC20: insufficient allowance");
            allowance[from][msg.sender] = allowed - value;
        }
        _transfer(from, to, value);
        return true;
    }

    function _transfer(address from, address to, uint256 value) private {
        require(to != address(0), "ERC20: transfer to the zero address");
        uint256 fromBalance = balanceOf[from];
        require(fromBalance >= value, "ERC20: transfer amount exceeds balance");
        balanceOf[from] = fromBalance - value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
