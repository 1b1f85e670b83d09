// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC4337} from "solady/src/accounts/ERC4337.sol";

/// @title PorticoSmartAccount
/// @notice The account implementation behind the local chains' smart accounts: solady's
/// ERC4337 as it is (one owner key signs user operations; EntryPoint v0.7 at its
/// canonical address), behind one ERC-1967 proxy per account made by PorticoAccountFactory.
contract PorticoSmartAccount is ERC4337 {
    function _domainNameAndVersion() internal pure override returns (string memory, string memory) {
        return ("PorticoSmartAccount", "1");
    }
}
